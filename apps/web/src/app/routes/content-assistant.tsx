import { useSearchParams } from 'react-router';
import { ContentAssistantView } from '../../features/assistant';

/** `/contentAssistant?topic=` (spec §2, issue #14): the content assistant; `topic` from the trend pages' links. */
export default function ContentAssistantRoute() {
  const [params] = useSearchParams();
  return <ContentAssistantView topic={params.get('topic') ?? undefined} />;
}
