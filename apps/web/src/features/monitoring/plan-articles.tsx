import ExpandMore from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { HELP_CONTENT_CACHE_MS } from '@tern/domain/constants';
import { contentContracts } from '@tern/domain/content/contracts';
import { contentLanguageOf } from '@tern/domain/content/schemas';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Markdown } from '../../components/markdown/markdown.tsx';
import { useAppServices } from '../../core/app-services.ts';
import { useClientRecord } from '../../core/partner/use-client-record.ts';

/**
 * The plan articles of the partner's help content (spec 1 §3, §7 `cms/{bundle}/v1/{locale}`):
 * reading beside an alert's steps. Kept 24 hours like all help content. One is open at a time;
 * choosing another alert mounts the plan afresh, which clears the open article (spec 1 §4).
 * Help content is a nicety here: when it cannot be had, the section is left out.
 */
export function PlanArticles() {
  const { t, i18n } = useTranslation('monitoring');
  const { api, runtime } = useAppServices();
  const bundle = useClientRecord().data?.cmsBundle;
  const locale = contentLanguageOf(i18n.language);
  const articles = useQuery({
    queryKey: [contentContracts.articles.id, runtime.partnerId, bundle, locale],
    enabled: bundle !== undefined,
    queryFn: ({ signal }) =>
      api.call(contentContracts.articles, { params: { bundle: bundle!, locale } }, { signal }),
    staleTime: HELP_CONTENT_CACHE_MS,
    gcTime: HELP_CONTENT_CACHE_MS,
    meta: { silent: true },
  });
  const [open, setOpen] = useState<string | null>(null);
  const heading = useId();
  if (!articles.data?.length) return null;
  return (
    <Box component="section" aria-labelledby={heading} sx={{ display: 'grid', gap: 1.5 }}>
      <Typography variant="h5" component="h2" id={heading}>
        {t('articles.title')}
      </Typography>
      <div>
        {articles.data.map((article) => (
          <Accordion
            key={article.id}
            disableGutters
            variant="outlined"
            expanded={open === article.id}
            onChange={(_, expanded) => setOpen(expanded ? article.id : null)}
          >
            <AccordionSummary expandIcon={<ExpandMore />}>
              <Typography component="span" sx={{ fontWeight: 500 }}>
                {article.title}
              </Typography>
            </AccordionSummary>
            <AccordionDetails>
              <Markdown text={article.body} />
            </AccordionDetails>
          </Accordion>
        ))}
      </div>
    </Box>
  );
}
