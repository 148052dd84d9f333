import type { Theme } from '@mui/material/styles';

/**
 * The portal's look for the card-entry frame's field, from the MUI theme: the body font, the
 * text and error colours, the primary colour on focus, the corner radius. The vault's page
 * takes it as a style sheet (`css` of `POST tokeniser/http/generate/{id}`) and aims it at
 * its `body`, `label`, `input` and `.error`. The frame loads no font: the theme's family
 * applies when the device has it, the frame's own stack otherwise.
 */
export function cardFrameCss(theme: Theme): string {
  const { palette, shape, typography } = theme;
  const radius =
    typeof shape.borderRadius === 'number' ? `${shape.borderRadius}px` : shape.borderRadius;
  return [
    `body{font-family:${typography.fontFamily ?? 'inherit'};color:${palette.text.primary}}`,
    // The field's edge at the secondary text colour: 3:1 against the page (WCAG 1.4.11), which
    // MUI's divider colour is not.
    `input{border-color:${palette.text.secondary};border-radius:${radius};color:${palette.text.primary}}`,
    `input:focus{outline-color:${palette.primary.main}}`,
    `input[aria-invalid="true"]{border-color:${palette.error.main}}`,
    `.error{color:${palette.error.main}}`,
  ].join('\n');
}
