import { em, SegmentedControl, Select } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { isRangePreset, type RangePreset } from '../../api/report-range';
import { rangePresets } from './analytics-ranges';

/** Four presets fit beside the title on a wide screen; on a phone (< xs) the same choice is a select. */
export function RangeSwitch({ value, onChange }: { value: RangePreset; onChange(v: RangePreset): void }) {
  const narrow = useMediaQuery(`(max-width: ${em(575.9)})`, false, { getInitialValueInEffect: false });
  const data = rangePresets.map((p) => ({ value: p.value, label: p.label }));
  const pick = (v: string | null) => v && isRangePreset(v) && onChange(v);
  return narrow ? (
    <Select aria-label="Date range" value={value} onChange={pick} data={data} allowDeselect={false} w={160} />
  ) : (
    <SegmentedControl aria-label="Date range" value={value} onChange={pick} data={data} />
  );
}
