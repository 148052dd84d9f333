import Menu, { type MenuProps } from '@mui/material/Menu';

/**
 * A menu of actions, rendered where its button is rather than at the end of the page's body:
 * there it stays inside the page's landmarks (the header, the main content), so a screen
 * reader's landmark list still reaches it and axe's `region` rule holds while it is open.
 */
export function ActionMenu(props: MenuProps) {
  return <Menu disablePortal {...props} />;
}
