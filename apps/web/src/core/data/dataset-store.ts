import type { DatasetName } from '@tern/domain/constants';
import { useSyncExternalStore } from 'react';

/** Spec 1 §3 "Session state": the datasets loaded so far and the completion flag. */
export type DatasetState = { loaded: readonly DatasetName[]; completed: boolean };

const initial: DatasetState = { loaded: [], completed: false };

/** Spec 1 §4 step 5: a dataset counts as loaded if it is listed or if everything is loaded. */
export const isDatasetLoaded = (state: DatasetState, name: DatasetName): boolean =>
  state.completed || state.loaded.includes(name);

/**
 * Kept in memory, not in storage: it describes this page's query cache, which a reload
 * empties, so a persisted "loaded" would claim data the page does not have.
 */
let state: DatasetState = initial;
const listeners = new Set<() => void>();
const update = (next: DatasetState) => {
  if (next === state) return;
  state = next;
  listeners.forEach((listener) => listener());
};

export const datasetStore = {
  get: (): DatasetState => state,
  markLoaded(name: DatasetName): void {
    if (!state.loaded.includes(name)) update({ ...state, loaded: [...state.loaded, name] });
  },
  /** Step 4: set when all are loaded; turning it false clears the loaded-dataset list. */
  setCompleted(completed: boolean): void {
    if (completed === state.completed) return;
    update(completed ? { ...state, completed } : initial);
  },
  reset: (): void => update(initial),
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

function useDatasetState(): DatasetState {
  return useSyncExternalStore(datasetStore.subscribe, datasetStore.get, datasetStore.get);
}

/** Whether one dataset counts as loaded (step 5). */
export function useDatasetLoaded(name: DatasetName): boolean {
  return isDatasetLoaded(useDatasetState(), name);
}
