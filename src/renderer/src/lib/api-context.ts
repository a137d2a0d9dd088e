/**
 * The one way views reach the backend: the app provides its API once (App.svelte), every
 * component below takes it with `useApi()` instead of passing it down as a prop.
 */
import { getContext, setContext } from 'svelte';
import type { WorkbenchApi } from '../../../main/api/types';

const KEY = Symbol('workbench-api');

export function provideApi(api: WorkbenchApi): void {
  setContext(KEY, api);
}

export function useApi(): WorkbenchApi {
  const api = getContext<WorkbenchApi | undefined>(KEY);
  if (!api) throw new Error('no workbench API here: App provides it to every view');
  return api;
}
