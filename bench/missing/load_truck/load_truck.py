def load_truck(parcels, capacity):
    """Loads parcels in queue order and returns the ids of those loaded.

    parcels: dicts with 'id' and 'kg'. Loading stops at the first parcel that would push the
    load over `capacity` kg: parcels leave the queue in order, so no later parcel is loaded
    even if it is light enough to fit.
    """
    loaded, load = [], 0
    for parcel in parcels:
        loaded.append(parcel["id"])
        load += parcel["kg"]
    return loaded


def left_behind(parcels, capacity):
    """The ids of the parcels that wait for the next truck, in queue order."""
    loaded = load_truck(parcels, capacity)
    return [parcel["id"] for parcel in parcels if parcel["id"] not in loaded]
