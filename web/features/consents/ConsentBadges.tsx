/** A student's four consent answers as small badges: given (green), refused (red), not answered (grey). */
import { Group } from '@mantine/core';
import { CONSENT_PURPOSES } from '../../../common/schemas/consents';
import type { ConsentState, ConsentStates } from '../../../common/schemas/consentStaff';
import { tr } from '../../../common/tr';
import { RowBadge } from '../../components/list/RowBadge';

const c = tr.consent;
export const STATE_COLOR: Record<ConsentState, string> = { yes: 'green', no: 'red', none: 'gray' };

export function ConsentBadges({ states }: { states: ConsentStates }) {
  return (
    <Group gap={4} wrap="wrap" maw={220}>
      {CONSENT_PURPOSES.map((purpose) => (
        <span key={purpose} title={c.badge(c.purposes[purpose], c.states[states[purpose]])}>
          <RowBadge color={STATE_COLOR[states[purpose]]}>{c.short[purpose]}</RowBadge>
        </span>
      ))}
    </Group>
  );
}
