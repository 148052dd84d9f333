import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import ReactMarkdown, { type Components } from 'react-markdown';
import { Link as RouterLink } from 'react-router';
import remarkGfm from 'remark-gfm';

/**
 * Help content as the portal shows it. Safe by construction: raw HTML in the text is dropped
 * (`skipHtml`), so no script or inline handler gets through, and react-markdown's URL filter
 * drops `javascript:` and other unsafe links. A link to a portal page stays in the portal.
 * Headings start at level 2: the page's title is its only h1.
 */
const components: Components = {
  h1: ({ children }) => (
    <Typography variant="h5" component="h2" sx={{ mt: 3, mb: 1 }}>
      {children}
    </Typography>
  ),
  h2: ({ children }) => (
    <Typography variant="h6" component="h2" sx={{ mt: 3, mb: 1 }}>
      {children}
    </Typography>
  ),
  h3: ({ children }) => (
    <Typography variant="subtitle1" component="h3" sx={{ mt: 2, mb: 0.5, fontWeight: 600 }}>
      {children}
    </Typography>
  ),
  p: ({ children }) => (
    <Typography component="p" sx={{ mb: 1.5 }}>
      {children}
    </Typography>
  ),
  a: ({ href, children }) =>
    href?.startsWith('/') ? (
      <Link component={RouterLink} to={href}>
        {children}
      </Link>
    ) : (
      <Link href={href} target="_blank" rel="noopener noreferrer">
        {children}
      </Link>
    ),
  // Tables scroll on their own on a narrow screen instead of widening the page; the region
  // takes the keyboard focus so it can be scrolled without a mouse.
  table: function Table({ children }) {
    const { t } = useTranslation('content');
    return (
      <Box sx={{ overflowX: 'auto', mb: 2 }} tabIndex={0} role="region" aria-label={t('table')}>
        <Box
          component="table"
          sx={{
            borderCollapse: 'collapse',
            width: '100%',
            '& th, & td': {
              border: 1,
              borderColor: 'divider',
              p: 1,
              textAlign: 'left',
              verticalAlign: 'top',
            },
            '& th': { bgcolor: 'action.hover' },
          }}
        >
          {children}
        </Box>
      </Box>
    );
  },
};

export function Markdown({ text, lang }: { text: string; lang?: string | undefined }) {
  return (
    <Box lang={lang} sx={{ '& ul, & ol': { pl: 3, mb: 1.5 }, '& li': { mb: 0.5 } }}>
      <ReactMarkdown remarkPlugins={[remarkGfm]} components={components} skipHtml>
        {text}
      </ReactMarkdown>
    </Box>
  );
}
