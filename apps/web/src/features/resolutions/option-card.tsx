import { mayChooseKind } from '@tern/domain/resolutions/rules';
import { kindsOf, type ResolutionKind } from '@tern/domain/resolutions/schemas';
import { useState, type ReactNode } from 'react';
import type { ClaimOptionProps } from './options/claim-flow.tsx';
import { CashOption } from './options/cash-option.tsx';
import { CombinedOption } from './options/combined-option.tsx';
import { HotelOption } from './options/hotel-option.tsx';
import { LoungeOption } from './options/lounge-option.tsx';
import { OptionFrame, type OptionProps } from './options/option-frame.tsx';
import { PointsOption } from './options/points-option.tsx';
import { RebookingOption } from './options/rebooking-option.tsx';

/** Each kind's body; a kind with none does not compile. Only claims offer "choose again". */
const optionByKind: Record<ResolutionKind, (props: ClaimOptionProps) => ReactNode> = {
  LOUNGE: LoungeOption,
  CASH: CashOption,
  POINTS: PointsOption,
  REBOOKING: RebookingOption,
  HOTEL: HotelOption,
};

/**
 * One resolution option (spec 2 §2.5, §4.7): its type, status and what the insured may do in
 * that status — lounge, cash, points, rebooking, hotel or a combined choice — with the
 * user messages of spec 2 §8 for each display.
 */
export function OptionCard(props: OptionProps) {
  const { option, canAct } = props;
  // A combined option's kind, once chosen, is the option's (the API keeps it); the insured
  // may choose again until they claim it.
  const [choosing, setChoosing] = useState(false);
  const combined = kindsOf(option.type).length > 1;
  const kind = choosing
    ? null
    : (option.chosenType ?? (combined ? null : kindsOf(option.type)[0]!));
  const Kind = kind === null ? null : optionByKind[kind];
  return (
    <OptionFrame option={option}>
      {Kind === null ? (
        <CombinedOption {...props} onChosen={() => setChoosing(false)} />
      ) : (
        <Kind
          {...props}
          onChooseAgain={
            combined && canAct && mayChooseKind(option.state.status)
              ? () => setChoosing(true)
              : undefined
          }
        />
      )}
    </OptionFrame>
  );
}
