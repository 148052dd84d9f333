import type { ReactNode } from 'react';
import { Page } from '../../components/page/page.tsx';
import { ReadySignal } from './ready-signal.tsx';

/** A widget notice in place of a panel: a heading, what happened, and what helps. */
export function NoticePage({
  title,
  text,
  testId,
  children,
}: {
  title: string;
  text: ReactNode;
  testId: string;
  children?: ReactNode;
}) {
  return (
    <Page title={title} lead={text} maxWidth="sm" testId={testId} role="status">
      {children}
      <ReadySignal />
    </Page>
  );
}
