/**
 * The settings a database keeps (a key and a JSON value each), with the schema of each value. A
 * stored value is read through its schema; one that does not fit (damaged, or written by another
 * version) reads as never set, so a bad setting never stops the app.
 */
import * as v from 'valibot';
import type { Store } from '../store/store';

export const SETTINGS = {
  /** The Redis URL the Studies view saved (null: forgotten). */
  'redis.url': v.nullable(v.pipe(v.string(), v.nonEmpty())),
  /** The ids of the bundled samples already offered to this database (anything else in the list is dropped). */
  'library.samples': v.pipe(
    v.array(v.unknown()),
    v.transform((ids) => ids.filter((id): id is string => typeof id === 'string')),
  ),
} as const;

export type SettingKey = keyof typeof SETTINGS;
export type SettingValue<K extends SettingKey> = v.InferOutput<(typeof SETTINGS)[K]>;
type SettingsStore = Pick<Store, 'getSetting' | 'setSetting' | 'updateSetting'>;

const read = <K extends SettingKey>(key: K, stored: unknown): SettingValue<K> | undefined => {
  const r = v.safeParse(SETTINGS[key], stored);
  return r.success ? (r.output as SettingValue<K>) : undefined;
};

/** The setting's value, or undefined when it was never set or does not fit its schema. */
export function readSetting<K extends SettingKey>(store: SettingsStore, key: K): SettingValue<K> | undefined {
  return read(key, store.getSetting(key));
}

export function writeSetting<K extends SettingKey>(store: SettingsStore, key: K, value: SettingValue<K>): void {
  store.setSetting(key, value);
}

/** Read-modify-write in one transaction (see Store.updateSetting), the current value read through its schema. */
export function updateSetting<K extends SettingKey>(
  store: SettingsStore,
  key: K,
  fn: (current: SettingValue<K> | undefined) => SettingValue<K>,
): SettingValue<K> {
  return store.updateSetting(key, (current) => fn(read(key, current)));
}
