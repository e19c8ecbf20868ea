import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CardInput, Profile } from '../../../../../contract/auth.ts';
import { apiRequest } from '../../../lib/api.ts';
import { authUserKey, profileKey } from '../../../lib/queries/session.ts';

/** Both the profile and the signed-in user carry the project status and card: refresh both. */
function useRefreshAccount() {
  const qc = useQueryClient();
  return () => Promise.all([qc.invalidateQueries({ queryKey: profileKey }), qc.invalidateQueries({ queryKey: authUserKey })]);
}

/** PUT /api/user/credit-card — the server tokenises the card and answers with the new profile. */
export function useUpdateCard() {
  const qc = useQueryClient();
  const refresh = useRefreshAccount();
  return useMutation({
    mutationFn: (input: CardInput) => apiRequest<Profile>('PUT', '/api/user/credit-card', input),
    onSuccess: (profile) => {
      qc.setQueryData(profileKey, profile);
      void refresh();
    },
  });
}

/** PUT /api/user/cancel-account — charges stop; the project stays active until `paidUntil`. */
export function useCancelAccount() {
  const refresh = useRefreshAccount();
  return useMutation({
    mutationFn: () => apiRequest<{ message: string; paidUntil: string }>('PUT', '/api/user/cancel-account'),
    onSuccess: () => void refresh(),
  });
}
