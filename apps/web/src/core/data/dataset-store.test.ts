import { describe, expect, it } from 'vitest';
import { datasetStore, isDatasetLoaded } from './dataset-store.ts';

describe('the dataset store', () => {
  it('counts a dataset as loaded when listed or when everything is loaded', () => {
    datasetStore.reset();
    datasetStore.markLoaded('POLICIES');
    expect(isDatasetLoaded(datasetStore.get(), 'POLICIES')).toBe(true);
    expect(isDatasetLoaded(datasetStore.get(), 'TRIPS')).toBe(false);
    datasetStore.setCompleted(true);
    expect(isDatasetLoaded(datasetStore.get(), 'TRIPS')).toBe(true);
  });

  it('clears the loaded-dataset list when the completion flag turns false', () => {
    datasetStore.reset();
    datasetStore.markLoaded('USER_DETAILS');
    datasetStore.setCompleted(true);
    datasetStore.setCompleted(false);
    expect(datasetStore.get()).toEqual({ loaded: [], completed: false });
  });
});
