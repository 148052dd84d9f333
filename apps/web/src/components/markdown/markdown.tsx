import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import ReactMarkdown, { type Components, type ExtraProps } from 'react-markdown';
import { Link as RouterLink } from 'react-router';
import remarkGfm from 'remark-gfm';

type TableNode = ExtraProps['node'];
type HastNode = NonNullable<TableNode>['children'][number];

const textOf = (node: HastNode): string =>
  node.type === 'text' ? node.value : 'children' in node ? node.children.map(textOf).join('') : '';

/** The texts of a markdown table's first row: its column headings. */
function headingsOf(table: TableNode): string[] {
  const rows: HastNode[] = [];
  const collect = (node: HastNode) => {
    if (node.type !== 'element') return;
    if (node.tagName === 'tr') rows.push(node);
    else node.children.forEach(collect);
  };
  table?.children.forEach(collect);
  const first = rows[0];
  if (first?.type !== 'element') return [];
  return first.children
    .filter((cell) => cell.type === 'element')
    .map((cell) => textOf(cell).trim())
    .filter((text) => text !== '');
}

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
  // takes the keyboard focus so it can be scrolled without a mouse. Named by its column
  // headings too: a page with two tables has two regions a screen reader tells apart.
  table: function Table({ children, node }) {
    const { t } = useTranslation('content');
    const columns = headingsOf(node);
    const label = columns.length > 0 ? `${t('table')}: ${columns.join(', ')}` : t('table');
    return (
      <Box sx={{ overflowX: 'auto', mb: 2 }} tabIndex={0} role="region" aria-label={label}>
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
