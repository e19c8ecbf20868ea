import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateMemberInput, Member, MemberList, UpdateMemberInput } from '#contract/users.ts';
import type { TemporaryPassword } from '#contract/account.ts';
import { apiGet, apiRequest } from '#web/lib/api.ts';
import { useSubmissionKey } from '#web/lib/submission-key.ts';

const usersKey = ['/api/users'] as const;

export const useMembers = () => useQuery({ queryKey: usersKey, queryFn: ({ signal }) => apiGet<MemberList>('/api/users', { signal }) });

function useInvalidateMembers() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: usersKey });
}

export function useCreateMember() {
  const invalidate = useInvalidateMembers();
  const submission = useSubmissionKey();
  return useMutation({
    mutationFn: (input: CreateMemberInput) => apiRequest<Member>('POST', '/api/users', input, { headers: submission.headers() }),
    onSuccess: () => {
      submission.renew();
      return invalidate();
    },
  });
}

export function useUpdateMember() {
  const invalidate = useInvalidateMembers();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: UpdateMemberInput }) =>
      apiRequest<Member>('PUT', `/api/users/${encodeURIComponent(id)}`, input),
    onSuccess: invalidate,
  });
}

export function useDeleteMember() {
  const invalidate = useInvalidateMembers();
  const submission = useSubmissionKey();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<{ message: string }>('DELETE', `/api/users/${encodeURIComponent(id)}`, undefined, { headers: submission.headers(id) }),
    onSuccess: (_data, id) => {
      submission.renew(id);
      return invalidate();
    },
  });
}

/** Sets a temporary password for a member (docs/product.md "Your own account"); their sessions end. */
export function useSetTemporaryPassword() {
  const submission = useSubmissionKey();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<TemporaryPassword>('POST', `/api/users/${encodeURIComponent(id)}/temporary-password`, undefined, {
        headers: submission.headers(id),
      }),
    onSuccess: (_data, id) => submission.renew(id),
  });
}
