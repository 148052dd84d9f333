/** One choice of a select; `label` is already translated. */
export type SelectOption = { value: string; label: string; disabled?: boolean };
