import { ComingSoon } from '../../components/error-screens';

export default function Page() {
  return <ComingSoon name="article" />;
}
