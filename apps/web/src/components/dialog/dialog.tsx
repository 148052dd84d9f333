import IconButton from '@mui/material/IconButton';
import MuiDialog, { type DialogProps as MuiDialogProps } from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import SvgIcon from '@mui/material/SvgIcon';
import { useCallback, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useScrollLock } from './use-scroll-lock.ts';

export type DialogProps = {
  open: boolean;
  /**
   * Called on Escape, on the close button and on a click outside. Without it the dialog has
   * no close button and stays until one of its actions closes it.
   */
  onClose?: () => void;
  title: ReactNode;
  children: ReactNode;
  actions?: ReactNode;
  maxWidth?: MuiDialogProps['maxWidth'];
  /** For dialogs that carry their own accessible description. */
  describedBy?: string;
};

/**
 * The portal's dialog: labelled by its title, closed with Escape or the close button, and
 * blocking page scroll while open (spec 1 §2). MUI's own lock is off so there is one lock.
 */
export function Dialog({
  open,
  onClose,
  title,
  children,
  actions,
  maxWidth = 'sm',
  describedBy,
}: DialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  useScrollLock(open);
  const [scrolls, content] = useScrolls();
  return (
    <MuiDialog
      open={open}
      {...(onClose ? { onClose } : {})}
      maxWidth={maxWidth}
      fullWidth
      disableScrollLock
      aria-labelledby={titleId}
      {...(describedBy ? { 'aria-describedby': describedBy } : {})}
    >
      <DialogTitle id={titleId} sx={onClose ? { pr: 7 } : {}}>
        {title}
      </DialogTitle>
      {onClose ? (
        <IconButton
          aria-label={t('app.close')}
          onClick={onClose}
          sx={{ position: 'absolute', right: 8, top: 8 }}
        >
          <SvgIcon fontSize="small" aria-hidden>
            <path d="M19 6.41 17.59 5 12 10.59 6.41 5 5 6.41 10.59 12 5 17.59 6.41 19 12 13.41 17.59 19 19 17.59 13.41 12z" />
          </SvgIcon>
        </IconButton>
      ) : null}
      {/* Content taller than a phone's screen scrolls: then it takes the keyboard's focus too. */}
      <DialogContent ref={content} {...(scrolls ? { tabIndex: 0 } : {})}>
        {children}
      </DialogContent>
      {actions ? <DialogActions>{actions}</DialogActions> : null}
    </MuiDialog>
  );
}

/** Whether an element's content overflows it (and so scrolls), kept up to date as it resizes. */
function useScrolls(): [boolean, (element: HTMLElement | null) => void] {
  const [scrolls, setScrolls] = useState(false);
  const ref = useCallback((element: HTMLElement | null) => {
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => setScrolls(element.scrollHeight > element.clientHeight + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    for (const child of Array.from(element.children)) observer.observe(child);
    return () => observer.disconnect();
  }, []);
  return [scrolls, ref];
}
