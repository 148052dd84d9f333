import Container, { type ContainerProps } from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { usePageTitle } from '../../core/routing/page-title.ts';

export type PageProps = {
  /** The page's heading, which also names it in the browser ("Action plan · Skyward Air"). */
  title: string;
  /** Under the heading, in the secondary colour: what the page is about. */
  lead?: ReactNode;
  maxWidth?: ContainerProps['maxWidth'];
  testId?: string;
  role?: string;
  children?: ReactNode;
};

/** A page of the portal: its heading and document title, then its content. */
export function Page({ title, lead, maxWidth = 'md', testId, role, children }: PageProps) {
  usePageTitle(title);
  return (
    <Container maxWidth={maxWidth} sx={{ py: { xs: 2, sm: 4 } }} data-testid={testId} role={role}>
      <Typography variant="h4" component="h1" gutterBottom>
        {title}
      </Typography>
      {lead ? (
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {lead}
        </Typography>
      ) : null}
      {children}
    </Container>
  );
}
