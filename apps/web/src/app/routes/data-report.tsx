import { DataReportView, reportWeekOf } from '../../features/data-report';
import { useQueryState } from '../../lib/use-query-state';

/**
 * `/dataReport` (spec §2, issue #12): the weekly reports; `?week=2026-11-16` opens one (the link of the report's
 * message), `?page=2` pages the list.
 */
export default function DataReportRoute() {
  const qs = useQueryState({ week: '', page: '1' });
  return (
    <DataReportView
      week={reportWeekOf(qs.get('week'))}
      page={Math.max(1, Number(qs.get('page')) || 1)}
      onOpen={(week) => qs.set({ week })}
      onBack={() => qs.set({ week: '' })}
      onPageChange={(page) => qs.set({ page })}
    />
  );
}
