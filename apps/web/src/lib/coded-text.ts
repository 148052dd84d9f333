import { splitTextKey, type CodedText } from '@tern/domain/i18n/coded-text';
import { useTranslation } from 'react-i18next';
import { formatDate, formatNumber } from '@tern/domain/i18n/format';

/**
 * Writes a coded text (a key of the portal's texts and its values: what Tern and its providers
 * write by key, issue 25 item 5.13) in the reader's language: values named `…Date` as dates,
 * numbers in the reader's format, `count` for the plural. A free text shows as given.
 */
export function useCodedText(): (text: CodedText) => string {
  const { t, i18n } = useTranslation();
  return (text) => {
    if (text.key === null) return String(text.params.text ?? '');
    const { ns, path } = splitTextKey(text.key);
    const values = Object.fromEntries(
      Object.entries(text.params).map(([name, value]) => [
        name,
        name === 'count'
          ? value
          : typeof value === 'number'
            ? formatNumber(value, i18n.language)
            : name.endsWith('Date')
              ? formatDate(value, i18n.language)
              : value,
      ]),
    );
    return t(path, { ns, ...values });
  };
}
