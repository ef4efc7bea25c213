import { useNavigate } from 'react-router';
import { RuleNav, RuleSearchBox } from '../../features/rules';

/** The rule centre's search box and its navigation, on each of its pages; a search opens the index's results. */
export function RuleCenterTop({ q = '' }: { q?: string }) {
  const navigate = useNavigate();
  return (
    <div className="cc-rule-top">
      <RuleNav />
      <RuleSearchBox
        value={q}
        onSearch={(next) =>
          void navigate(
            next
              ? `/authoringService/ruleCenter?q=${encodeURIComponent(next)}`
              : '/authoringService/ruleCenter',
          )
        }
      />
    </div>
  );
}
