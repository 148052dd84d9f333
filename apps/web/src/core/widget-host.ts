import type { WidgetEvent } from '@tern/domain/widget/messages';

type Detail = Record<string, string | number | boolean>;
type Sink = (type: WidgetEvent, detail?: Detail) => void;

let sink: Sink | undefined;

/**
 * What the portal's areas tell the partner page that frames them (issue 30): a trip covered,
 * a payout method added, a resolution completed. In the full portal nobody listens and this
 * does nothing; inside the widget, its layout connects and passes each on to the embed script
 * (`features/widget/host.ts`). Ids and states only: no personal data crosses to the host.
 */
export const widgetHost = {
  announce(type: WidgetEvent, detail?: Detail): void {
    sink?.(type, detail);
  },
  connect(next: Sink): () => void {
    sink = next;
    return () => {
      if (sink === next) sink = undefined;
    };
  },
};
