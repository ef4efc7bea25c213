import { useOrderSummary } from '../../features/business';
import { useGroupMessages, bellUnread } from '../../features/messages';
import {
  storedDynamicShow,
  useDynamicAuth,
  usePublicConfig,
  useUserGrade,
  useUserInfo,
} from '../../features/shell';
import { FALLBACK_CONFIG } from '../../lib/api-client';

/** Everything the frame shows, composed from the shell and messages features. */
export function useFrameData() {
  const user = useUserInfo();
  const signedIn = user.isSuccess;
  const config = usePublicConfig();
  const groups = useGroupMessages();
  const grade = useUserGrade();
  const dynamicAuth = useDynamicAuth();
  // spec §3 user state `hasBussinessTask` (issue #14): 1 while a business order waits for the author
  const business = useOrderSummary({ enabled: signedIn });
  return {
    user,
    config: config.data ?? FALLBACK_CONFIG,
    unreadCount: signedIn ? bellUnread(groups.data) : 0,
    rankResult: grade.data?.rankResult ?? 0,
    dynamicShow: dynamicAuth.data?.dynamicShow ?? storedDynamicShow(),
    hasBussinessTask: business.data?.hasBussinessTask ?? 0,
  };
}
