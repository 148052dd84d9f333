import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { DOWNLOAD_URL_TTL_MS } from '@tern/domain/documents/uses';
import { luggageContracts } from '@tern/domain/luggage/contracts';
import type { LostBag } from '@tern/domain/luggage/schemas';
import { useQuery } from '@tanstack/react-query';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useDatasetContext } from '../../core/data/use-dataset.ts';
import { useErrorHandler } from '../../core/errors/error-handler-context.ts';
import { SESSION_QUERY_SCOPE } from '../../core/session/session-query-scope.ts';

type Attachment = LostBag['attachments'][number];

/** A signed link is taken as fresh a little short of its lifetime: opening it must not race its end. */
const FRESH_MS = DOWNLOAD_URL_TTL_MS - 30_000;

/**
 * The bag's photo (spec 2 §7: the attachment answers a 302 the portal follows): the API call,
 * with the portal's headers, ends at a short-lived signed link that needs none — the
 * thumbnail's source and what "Open photo" opens in a new tab. A link older than its lifetime
 * is asked for again on the click, into a tab opened at once (so no pop-up blocker stops it).
 */
export function BagPhoto({ bag, attachment }: { bag: LostBag; attachment: Attachment }) {
  const { t } = useTranslation('luggage');
  const context = useDatasetContext();
  const handleError = useErrorHandler();
  const clean = attachment.state === 'clean';
  const query = useQuery({
    queryKey: [
      SESSION_QUERY_SCOPE,
      context.userId,
      luggageContracts.attachment.id,
      attachment.attachmentId,
    ],
    queryFn: ({ signal }) =>
      context.api.follow(
        luggageContracts.attachment,
        { params: { bagId: bag.bagId, attachmentId: attachment.attachmentId } },
        { signal },
      ),
    enabled: clean,
    staleTime: FRESH_MS,
    refetchOnWindowFocus: false,
    meta: { silent: true },
  });
  if (attachment.state === 'scanning')
    return <Typography variant="body2">{t('bag.photo_scanning')}</Typography>;
  if (!clean) return null;

  const open = (event: MouseEvent) => {
    if (query.data && Date.now() - query.dataUpdatedAt < FRESH_MS) return;
    event.preventDefault();
    // Opened now, within the click; its address set once the new link is in.
    const tab = window.open('', '_blank');
    if (tab) tab.opener = null;
    query.refetch({ throwOnError: true }).then(
      ({ data }) => {
        if (tab && data) tab.location.href = data;
      },
      (error: unknown) => {
        tab?.close();
        void handleError(error);
      },
    );
  };

  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
      {query.data ? (
        <Box
          component="img"
          src={query.data}
          alt={t('bag.photo_alt', { pir: bag.pir })}
          sx={{
            width: 96,
            height: 96,
            objectFit: 'cover',
            borderRadius: 1,
            border: 1,
            borderColor: 'divider',
          }}
        />
      ) : null}
      <Button
        variant="outlined"
        size="small"
        href={query.data ?? '#'}
        target="_blank"
        rel="noopener noreferrer"
        onClick={open}
      >
        {t('bag.open_photo')}
      </Button>
    </Box>
  );
}
