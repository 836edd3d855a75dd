import type { Report } from '@shared/reports';

import { VolumeSection, CycleSection, StatusTimeSection } from './report-time-sections';
import { CostSection, SpendSection, TopVehiclesSection } from './report-money-sections';
import { AuthorizationsSection, ScorecardSection } from './report-decision-sections';

export { formatDays, formatRate } from './report-card';

/** Every section of the report, in the order of the issue; each lives with its kind (time, money, decisions). */
export function ReportSections({ report }: { report: Report }) {
  return (
    <div className="grid gap-6">
      <VolumeSection report={report} />
      <CycleSection report={report} />
      <StatusTimeSection report={report} />
      <CostSection report={report} />
      <SpendSection report={report} by="company" />
      <SpendSection report={report} by="location" />
      <TopVehiclesSection report={report} />
      <AuthorizationsSection report={report} />
      <ScorecardSection report={report} />
    </div>
  );
}
