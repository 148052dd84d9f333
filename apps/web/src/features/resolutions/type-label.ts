import { kindsOf } from '@tern/domain/resolutions/schemas';
import { useTranslation } from 'react-i18next';

/** The option's type as the card titles it: a kind, or "choose one" of several. */
export function useTypeLabel() {
  const { t } = useTranslation('resolutions');
  return (type: string) =>
    kindsOf(type).length > 1
      ? t('types.combined', {
          kinds: kindsOf(type)
            .map((k) => t(`types.${k}`))
            .join(' / '),
        })
      : t(`types.${type}`);
}
