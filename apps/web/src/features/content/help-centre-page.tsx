import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CONTENT_PAGES } from '@tern/domain/content/schemas';
import { useDeferredValue, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ContentError, ContentLoading } from './content-state.tsx';
import { searchFaq } from './faq-search.ts';
import { Markdown } from '../../components/markdown/markdown.tsx';
import { documentPath } from './paths.ts';
import { contentLangOf, shownInEnglish, useFaq } from './queries.ts';
import { usePageTitle } from '../../core/routing/page-title.ts';

/**
 * `/help`: the help centre. The partner's documents, and its frequently asked questions in
 * the user's language, grouped by topic, with a search across questions and answers.
 */
export default function HelpCentrePage() {
  const { t } = useTranslation('content');
  const faq = useFaq();
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const searchId = useId();
  const found = useMemo(() => searchFaq(faq.data?.entries ?? [], deferred), [faq.data, deferred]);
  const topics = useMemo(() => [...new Set(found.map((entry) => entry.topic))], [found]);
  usePageTitle(t('title'));
  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, sm: 4 } }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {t('title')}
      </Typography>
      <Paper component="nav" aria-labelledby={`${searchId}-documents`} sx={{ p: 2, mb: 3 }}>
        <Typography id={`${searchId}-documents`} variant="h6" component="h2">
          {t('documents')}
        </Typography>
        <List dense>
          {CONTENT_PAGES.map((page) => (
            <ListItem key={page} disableGutters>
              <Link component={RouterLink} to={documentPath(page)}>
                {t(`pages.${page}`)}
              </Link>
            </ListItem>
          ))}
        </List>
      </Paper>
      <Typography variant="h5" component="h2" gutterBottom>
        {t('faq.title')}
      </Typography>
      {faq.isError ? (
        <ContentError onRetry={() => void faq.refetch()} />
      ) : faq.isPending ? (
        <ContentLoading />
      ) : (
        <Stack spacing={2}>
          {shownInEnglish(faq.data) ? <Alert severity="info">{t('shown_in_english')}</Alert> : null}
          <TextField
            type="search"
            label={t('faq.search')}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            slotProps={{ htmlInput: { 'aria-describedby': `${searchId}-count` } }}
            fullWidth
          />
          <Typography id={`${searchId}-count`} variant="body2" color="text.secondary" role="status">
            {query.trim() ? t('faq.found', { count: found.length }) : ''}
          </Typography>
          {found.length === 0 ? (
            <Alert
              severity="info"
              action={
                query ? (
                  <Button color="inherit" size="small" onClick={() => setQuery('')}>
                    {t('faq.clear')}
                  </Button>
                ) : undefined
              }
            >
              {query ? t('faq.no_match', { query }) : t('faq.none')}{' '}
              <Link component={RouterLink} to={documentPath('contact')}>
                {t('faq.contact_us')}
              </Link>
            </Alert>
          ) : (
            topics.map((topic) => (
              <section key={topic} aria-label={topic} lang={contentLangOf(faq.data)}>
                <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
                  {topic}
                </Typography>
                {found
                  .filter((entry) => entry.topic === topic)
                  .map((entry) => (
                    <Accordion key={entry.id} disableGutters>
                      <AccordionSummary
                        aria-controls={`${searchId}-${entry.id}`}
                        id={`${searchId}-${entry.id}-question`}
                      >
                        <Typography component="span" sx={{ fontWeight: 500 }}>
                          {entry.question}
                        </Typography>
                      </AccordionSummary>
                      <AccordionDetails id={`${searchId}-${entry.id}`}>
                        <Markdown text={entry.answer} />
                      </AccordionDetails>
                    </Accordion>
                  ))}
              </section>
            ))
          )}
        </Stack>
      )}
    </Container>
  );
}
