/** What stands in for Home's dashboard while its code or its data is on the way: the room it will take, so nothing moves when it comes. */
import { Skeleton, Stack } from '@mantine/core';
import { tr } from '../../../common/tr';

/** The messages chart's height with its title and frame. */
export const CHART_PLACE = 290;

export function DashboardSkeleton() {
  return (
    <Stack aria-busy="true">
      <span className="visually-hidden">{tr.loading}</span>
      <Skeleton h={160} radius="md" />
      <Skeleton h={220} radius="md" />
      <Skeleton h={CHART_PLACE} radius="md" />
    </Stack>
  );
}
