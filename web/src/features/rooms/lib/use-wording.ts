import { useTranslation } from '../../../lib/i18n-react.tsx';
import { useAuthUser } from '../../auth/api/auth.ts';
import { wordingContext, wordingFor, type Wording } from './room-display.ts';

/** The rooms namespace's `t`, bound to the signed-in project's wording (construction or cleaning). */
export function useRoomsText() {
  const { t, i18n } = useTranslation('rooms');
  const { data: user } = useAuthUser();
  const wording: Wording = wordingFor(user?.facilityType);
  const ctx = wordingContext(wording);
  /** Translate with the project's wording; extra options (placeholders) are merged in. */
  const tw = (key: string, options: Record<string, unknown> = {}) => t(key, { ...ctx, ...options });
  return { t, tw, wording, lng: i18n.language, timeZone: user?.timezone };
}
