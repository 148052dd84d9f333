import Alert from '@mui/material/Alert';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { isDocumentId, type DocumentId } from '@tern/domain/content/schemas';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { ContentError, ContentLoading } from './content-state.tsx';
import { Markdown } from '../../components/markdown/markdown.tsx';
import { contentPaths } from './paths.ts';
import { contentLangOf, shownInEnglish, useDocument } from './queries.ts';
import { usePageTitle } from '../../core/routing/page-title.ts';
import { ApiRequestError } from '../../lib/api-request-error.ts';

/** A help page that is not there, with the way back to the help centre. */
function DocumentNotFound() {
  const { t } = useTranslation('content');
  usePageTitle(t('not_found.title'));
  return (
    <Container maxWidth="md" sx={{ py: 4 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {t('not_found.title')}
      </Typography>
      <Link component={RouterLink} to={contentPaths.help}>
        {t('back_to_help')}
      </Link>
    </Container>
  );
}

/** A help document: `/help/terms`, `/help/privacy`, `/help/contact`, and `/key-facts`. */
export function DocumentView({ id }: { id: DocumentId }) {
  const { t } = useTranslation('content');
  const document = useDocument(id);
  // A document the partner's bundle does not have (payout terms without a payout service).
  const missing = document.error instanceof ApiRequestError && document.error.status === 404;
  // The not-found page names itself.
  usePageTitle(missing ? t('not_found.title') : (document.data?.title ?? t(`pages.${id}`)));
  if (missing) return <DocumentNotFound />;
  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, sm: 4 } }}>
      <Link component={RouterLink} to={contentPaths.help} sx={{ display: 'inline-block', mb: 2 }}>
        {t('back_to_help')}
      </Link>
      <Paper sx={{ p: { xs: 2, sm: 4 } }} component="article">
        {document.isPending ? (
          <ContentLoading />
        ) : document.isError ? (
          <>
            <Typography variant="h4" component="h1" gutterBottom>
              {t(`pages.${id}`)}
            </Typography>
            <ContentError onRetry={() => void document.refetch()} />
          </>
        ) : (
          <>
            <Typography
              variant="h4"
              component="h1"
              gutterBottom
              lang={contentLangOf(document.data)}
            >
              {document.data.title}
            </Typography>
            {shownInEnglish(document.data) ? (
              <Alert severity="info" sx={{ mb: 2 }}>
                {t('shown_in_english')}
              </Alert>
            ) : null}
            <Markdown text={document.data.body} lang={contentLangOf(document.data)} />
            <Typography variant="body2" color="text.secondary" sx={{ mt: 3 }}>
              {t('version', { version: document.data.version })}
            </Typography>
          </>
        )}
      </Paper>
    </Container>
  );
}

/** `/help/:documentId`: a document the footer (or a dialog) links to; another id is not a page. */
export default function DocumentPage() {
  const { documentId } = useParams();
  return isDocumentId(documentId) ? <DocumentView id={documentId} /> : <DocumentNotFound />;
}
