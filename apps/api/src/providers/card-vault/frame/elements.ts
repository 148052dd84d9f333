/** The ids of the frame page's elements: the page writes them, the frame's script finds them. */
export const FRAME_ELEMENT_IDS = {
  form: 'card-form',
  input: 'card-number',
  error: 'card-number-error',
  texts: 'card-texts',
} as const;
