/** One entry of a popup menu (Menu.svelte); actions generate them (lib/actions). */
export interface MenuItem {
  id: string;
  label: string;
  hint?: string;
  disabled?: boolean;
}
