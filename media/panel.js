// DeepDebug review panel. Renders the PanelState the extension posts (src/extension/logic/panel-state.ts)
// with DOM APIs and textContent only, and sends tagged messages back for the buttons.
// @ts-check
(function () {
  // @ts-expect-error: provided by the webview host
  const vscode = acquireVsCodeApi();
  const root = /** @type {HTMLElement} */ (document.getElementById('deepdebug-panel'));

  /** @param {string} tag @param {Record<string, string>} [attributes] @param {(Node | string)[]} [children] */
  function h(tag, attributes = {}, children = []) {
    const element = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
    for (const child of children) element.append(child);
    return element;
  }

  /** @param {string} id @param {string} text @param {object} message @param {string} [title] */
  function button(id, text, message, title) {
    const element = h('button', { id, type: 'button' }, [text]);
    if (title) element.title = title;
    element.addEventListener('click', () => vscode.postMessage(message));
    return element;
  }

  /** @param {{ absPath: string, line: number } | null} location @param {string} text */
  function locationLink(location, text) {
    if (!location) return h('span', {}, [text]);
    const link = h('a', { href: '#', class: 'location' }, [text]);
    link.addEventListener('click', (event) => {
      event.preventDefault();
      vscode.postMessage({ type: 'open', location });
    });
    return link;
  }

  /** @param {string} diff */
  function diffBlock(diff) {
    const pre = h('pre', { class: 'diff' });
    for (const line of diff.split('\n')) {
      if (line.startsWith('---') || line.startsWith('+++') || line.startsWith('diff ') || line.startsWith('index ')) continue;
      const kind = line.startsWith('+') ? 'added' : line.startsWith('-') ? 'removed' : line.startsWith('@@') ? 'hunk' : 'context';
      pre.append(h('span', { class: kind }, [line + '\n']));
    }
    return pre;
  }

  /** What a fix without buttons says about itself, by its status. @type {Record<string, string>} */
  const STATUS_TEXT = {
    applied: 'Applied',
    discarded: 'Discarded',
    stale: 'Stale: the file changed since this run. Run DeepDebug again for a fix of the current text.',
  };

  /** A fix shown while the run goes on, by where its clean re-check stands. */
  const UNCONFIRMED_NOTE =
    'These pass the tests; nothing else confirms them (no passing test reaches them, or the evidence speaks against them). Review each before you apply it.';
  const RECHECK_TEXT = {
    running: 'Found while the run goes on: being re-checked in a clean copy of the workspace.',
    passed: 'Found while the run goes on: passed its clean re-check.',
  };

  /** @param {string} title @param {string} id @param {Node[]} items @param {'ul' | 'ol'} list */
  function section(title, id, items, list) {
    return h('section', { id, 'aria-label': title }, [h('h3', {}, [title]), h(list, {}, items)]);
  }

  /** A section that folds: @param {string} title @param {string} id @param {boolean} open @param {Node[]} items @param {'ul' | 'ol'} list */
  function collapsible(title, id, open, items, list) {
    const details = h('details', { id, 'aria-label': title }, [
      h('summary', {}, [h('h3', {}, [`${title} (${items.length})`])]),
      h(list, {}, items),
    ]);
    if (open) details.setAttribute('open', '');
    return details;
  }

  /**
   * Where the validated fixes disagree: one button per answer (it picks the fixes that give it),
   * then the chosen answer's test and the button that adds it to the user's suite.
   * @param {any} question
   */
  function questionSection(question) {
    const answers = question.answers.map((/** @type {any} */ answer, /** @type {number} */ index) => {
      const fixes = answer.fixes.length ? ` (fix ${answer.fixes.join(', ')})` : '';
      const chosen = question.chosen === index;
      const choose = button(
        `answer-${index + 1}`,
        `${question.call} should give ${answer.result}${fixes}`,
        { type: 'chooseAnswer', runId: question.runId, answer: index },
        'This is the right answer: fixes that give it go first',
      );
      if (chosen) choose.setAttribute('aria-pressed', 'true');
      return h('li', { class: chosen ? 'answer chosen' : 'answer' }, [choose]);
    });
    const children = [
      h('h3', {}, ['The fixes disagree']),
      h('p', {}, [
        `On ${question.call} (${question.where}) the validated fixes give different answers; the code gives ${question.before} before any fix. Which is right?`,
      ]),
      h('ul', { class: 'answers' }, answers),
    ];
    const chosen = question.chosen === null ? null : question.answers[question.chosen];
    if (chosen && chosen.test && question.testFile) {
      children.push(h('pre', { id: 'answer-test', class: 'test' }, [chosen.test]));
      children.push(
        question.added
          ? h('p', { id: 'answer-test-added', class: 'status' }, [`Added to ${question.testFile}.`])
          : h('div', { class: 'actions' }, [
              button(
                'add-test',
                `Add this test to ${question.testFile}`,
                { type: 'addTest', runId: question.runId, answer: question.chosen },
                'Write this test into your suite (undoable)',
              ),
            ]),
      );
    } else if (chosen) {
      children.push(h('p', { class: 'muted' }, ['This answer cannot be written as a test: its input or result is not a Python literal.']));
    }
    return h('section', { id: 'question', 'aria-label': 'The fixes disagree' }, children);
  }

  /** One shown patch, with its actions while it is pending. @param {any} patch */
  function patchItem(patch) {
    const article = h(
      'li',
      {
        id: `patch-${patch.rank}`,
        class: `patch ${patch.status}`,
        'aria-label': `${patch.assurance === 'unconfirmed' ? 'Unconfirmed patch' : 'Fix'} ${patch.rank}: ${patch.summary}`,
      },
      [
        h('h4', {}, [patch.summary]),
        h('div', { class: 'muted' }, [`${patch.where} · ${patch.source}`]),
        ...(patch.recheck ? [h('p', { class: `recheck ${patch.recheck}` }, [RECHECK_TEXT[patch.recheck]])] : []),
        ...(patch.confidence
          ? [h('p', { class: patch.confidence.startsWith('unsure') ? 'confidence unsure' : 'confidence' }, [patch.confidence])]
          : []),
        patch.why.length
          ? h(
              'ul',
              { class: 'why', 'aria-label': 'Why it is a fix' },
              patch.why.map((/** @type {string} */ line) => h('li', {}, [line])),
            )
          : h('div', {}, [patch.tests]),
        diffBlock(patch.diff),
      ],
    );
    if (patch.status === 'pending') {
      article.append(
        h('div', { class: 'actions' }, [
          button(`apply-${patch.rank}`, 'Apply', { type: 'apply', patchId: patch.id }, 'Apply this fix to the file (undoable)'),
          button(`show-diff-${patch.rank}`, 'Show diff', { type: 'showDiff', patchId: patch.id }, 'Open a diff editor with this fix'),
          button(`discard-${patch.rank}`, 'Discard', { type: 'discard', patchId: patch.id }, 'Hide this fix'),
        ]),
      );
    } else {
      article.append(h('p', { class: 'status' }, [STATUS_TEXT[patch.status]]));
    }
    return article;
  }

  /** @param {any} state */
  function render(state) {
    const children = [h('h2', { id: 'headline' }, [state.headline])];
    if (state.progress) children.push(h('p', { id: 'progress', role: 'status' }, [state.progress]));
    if (state.model) children.push(h('p', { id: 'model', class: 'muted' }, ['Model: ' + state.model]));
    if (state.checkedAgainst)
      children.push(h('p', { id: 'checked-against', class: 'muted' }, ['Patches checked against ' + state.checkedAgainst]));
    if (state.warnings.length) {
      children.push(
        section(
          'Warnings',
          'warnings',
          state.warnings.map((/** @type {string} */ warning) => h('li', { class: 'warning' }, [warning])),
          'ul',
        ),
      );
    }
    children.push(
      state.phase === 'running'
        ? button('cancel', 'Cancel', { type: 'cancel' }, 'Stop this DeepDebug run')
        : button('debug', 'Debug with DeepDebug', { type: 'debug' }, 'Run the tests and look for fixes'),
    );
    if (state.question) children.push(questionSection(state.question));
    // Fixes first; patches that only pass the tests apart, said to be unconfirmed (review/assurance.ts).
    const fixes = state.patches.filter((/** @type {any} */ patch) => patch.assurance !== 'unconfirmed');
    const unconfirmed = state.patches.filter((/** @type {any} */ patch) => patch.assurance === 'unconfirmed');
    if (fixes.length) children.push(section('Validated fixes', 'patches', fixes.map(patchItem), 'ol'));
    if (unconfirmed.length) {
      const list = section('Unconfirmed patches', 'unconfirmed', unconfirmed.map(patchItem), 'ol');
      list.insertBefore(h('p', { class: 'muted' }, [UNCONFIRMED_NOTE]), list.lastChild);
      children.push(list);
    }
    if (state.hints.length) {
      children.push(
        section(
          'Closest candidates (not validated: no fix was found)',
          'hints',
          state.hints.map((/** @type {any} */ hint, /** @type {number} */ index) =>
            h('li', { id: `hint-${index + 1}`, class: 'hint' }, [
              h('h4', {}, [`Not validated: ${hint.summary}`]),
              h('div', { class: 'muted' }, [`${hint.where} · ${hint.tests}`]),
              diffBlock(hint.diff),
              h('div', { class: 'actions' }, [
                button(
                  `show-hint-diff-${index + 1}`,
                  'Show diff',
                  { type: 'showHintDiff', hintId: hint.id },
                  'Open a diff editor with this candidate (not a validated fix: no Apply)',
                ),
              ]),
            ]),
          ),
          'ol',
        ),
      );
    }
    // Fixes first; with fixes on offer, the failures and suspects behind them start collapsed.
    const hasFixes = state.patches.length > 0;
    if (state.failures.length) {
      children.push(
        collapsible(
          'Failing tests',
          'failures',
          !hasFixes,
          state.failures.map((/** @type {any} */ failure) =>
            h('li', {}, [locationLink(failure.location, failure.nodeid), h('div', { class: 'muted' }, [failure.text])]),
          ),
          'ul',
        ),
      );
    }
    if (state.suspects.length) {
      children.push(
        collapsible(
          'Suspects',
          'suspects',
          !hasFixes,
          state.suspects.map((/** @type {any} */ suspect) =>
            h('li', {}, [
              locationLink(suspect.location, suspect.label),
              h(
                'ul',
                { class: 'evidence' },
                suspect.evidence.map((/** @type {string} */ line) => h('li', {}, [line])),
              ),
              h('details', { class: 'muted' }, [h('summary', {}, ['Scores']), suspect.scores]),
            ]),
          ),
          'ol',
        ),
      );
    }
    root.replaceChildren(...children);
  }

  window.addEventListener('message', (event) => {
    const message = event.data;
    if (message && message.type === 'state') {
      vscode.setState(message.state);
      render(message.state);
    }
  });

  const saved = vscode.getState();
  if (saved) render(saved);
  vscode.postMessage({ type: 'ready' });
})();
