import type { Unit } from './outline';

// Greedy filling in the paper's priority order. Each candidate unit is taken together with the
// headers it needs, if the whole lot still fits; a unit that does not fit is skipped and
// smaller ones after it may still fill the room. Mandatory units (the focal function and the
// headers around it) are always taken, even over budget.

function priorityOrder(a: Unit, b: Unit): number {
  return a.tier - b.tier || Number(b.near) - Number(a.near) || a.lines.start - b.lines.start;
}

/** Ids of the selected units, each after the units it depends on. */
export function selectUnits(units: readonly Unit[], budget: number, cost: (unit: Unit) => number): number[] {
  const chosen: number[] = [];
  const taken = new Set<number>();
  let used = 0;
  const closure = (unit: Unit, into: Unit[]): void => {
    if (taken.has(unit.id) || into.includes(unit)) return;
    for (const dep of unit.deps) closure(units[dep]!, into);
    into.push(unit);
  };
  const take = (group: Unit[]): void => {
    for (const unit of group) {
      taken.add(unit.id);
      chosen.push(unit.id);
      used += cost(unit);
    }
  };
  for (const unit of units.filter((u) => u.mandatory)) {
    const group: Unit[] = [];
    closure(unit, group);
    take(group);
  }
  for (const unit of units.filter((u) => !u.mandatory).sort(priorityOrder)) {
    const group: Unit[] = [];
    closure(unit, group);
    const groupCost = group.reduce((sum, u) => sum + cost(u), 0);
    if (group.length > 0 && used + groupCost <= budget) take(group);
  }
  return chosen;
}
