/**
 * Where a screen sits: the school and the branch its address names, as breadcrumbs
 * (Okullar › Atatürk Anadolu Lisesi › 12/A › Öğrenciler) and in the document's title.
 * Read from the address itself, so no screen has to pass its place on.
 */
import { Anchor, Button, Center, Stack, Breadcrumbs as Trail, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { Link, matchPath, useLocation } from 'react-router';
import { tr } from '../../common/tr';
import { useBranch } from '../features/branches/api';
import { useSchool } from '../features/schools/api';
import { useSession } from '../session/store';

type Owner = 'school' | 'branch';

/** The routes that belong to a school or a branch, with the page name each crumb trail ends in. */
const NESTED: Array<{ pattern: string; owner: Owner; page: string }> = [
  { pattern: '/branches/:id', owner: 'school', page: tr.pages.branches },
  { pattern: '/school-managers/:id', owner: 'school', page: tr.pages.schoolManagers },
  { pattern: '/school-messages/:id', owner: 'school', page: tr.pages.schoolMessages },
  { pattern: '/messages/school/:id', owner: 'school', page: tr.pages.messages },
  { pattern: '/school-albums/:id', owner: 'school', page: tr.pages.albums },
  { pattern: '/students/:id', owner: 'branch', page: tr.pages.students },
  { pattern: '/branch-managers/:id', owner: 'branch', page: tr.pages.branchManagers },
  { pattern: '/branch-messages/:id', owner: 'branch', page: tr.pages.branchMessages },
  { pattern: '/messages/branch/:id', owner: 'branch', page: tr.pages.messages },
  { pattern: '/login-cards/:id', owner: 'branch', page: tr.student.cards.action },
  { pattern: '/branch-albums/:id', owner: 'branch', page: tr.pages.albums },
];

/** The nested route a path is, if any: what owns it, its id and its page name. */
export function nestedRoute(pathname: string): { owner: Owner; id: number; page: string } | null {
  for (const route of NESTED) {
    const match = matchPath(route.pattern, pathname);
    if (match && /^\d+$/.test(match.params.id ?? '')) return { owner: route.owner, id: Number(match.params.id), page: route.page };
  }
  return null;
}

export interface Place {
  page: string;
  school: { id: number; name: string } | null;
  branch: { id: number; name: string } | null;
  /** The address names a school or branch that does not exist or is outside the caller's scope. */
  missing: boolean;
}

/** The school and branch of the current address; names come from user info where it holds them. */
export function usePlace(): Place | null {
  const info = useSession((s) => s.info);
  const nested = nestedRoute(useLocation().pathname);
  const branchId = nested?.owner === 'branch' ? nested.id : null;
  const ownBranch = info?.branch && info.branch.id === branchId ? info.branch : null;
  const branch = useBranch(ownBranch ? null : branchId);
  const branchName = ownBranch?.name ?? branch.data?.item.name ?? null;
  const schoolId = nested?.owner === 'school' ? nested.id : ownBranch ? (info?.school?.id ?? null) : (branch.data?.item.schoolId ?? null);
  const ownSchool = info?.school && info.school.id === schoolId ? info.school : null;
  const school = useSchool(ownSchool || info?.level !== 'panel' ? null : schoolId);
  const schoolName = ownSchool?.name ?? school.data?.item.name ?? null;
  if (!nested) return null;
  // A school or branch manager sees only its own school; the others are looked up and refused.
  const foreignSchool = nested.owner === 'school' && info?.level !== 'panel' && info?.school?.id !== nested.id;
  return {
    page: nested.page,
    school: schoolId !== null && schoolName !== null ? { id: schoolId, name: schoolName } : null,
    branch: branchId !== null && branchName !== null ? { id: branchId, name: branchName } : null,
    missing: foreignSchool || branch.isError || school.isError,
  };
}

/** In place of a screen whose address names what the caller cannot see: what happened and a way back, none of the screen's actions. */
export function PlaceMissing() {
  useEffect(() => {
    document.title = [tr.layout.missing.title, tr.appName].join(' · ');
  }, []);
  return (
    <Center mih="50vh">
      <Stack align="center" gap="sm" role="alert">
        <Title order={2}>{tr.layout.missing.title}</Title>
        <Text c="dimmed" ta="center">
          {tr.layout.missing.description}
        </Text>
        <Button component={Link} to="/">
          {tr.layout.missing.back}
        </Button>
      </Stack>
    </Center>
  );
}

/** The document's title: the screen, then its branch and school when the title does not name them yet. */
export function documentTitle(title: string, place: Place | null): string {
  const parts = [title];
  if (place?.branch && !title.includes(place.branch.name)) parts.push(place.branch.name);
  if (place?.school && !title.includes(place.school.name)) parts.push(place.school.name);
  return [...parts, tr.appName].join(' · ');
}

export function Breadcrumbs({ place }: { place: Place }) {
  const level = useSession((s) => s.info?.level);
  const crumbs: Array<{ label: string; to: string }> = [];
  // Each level's trail starts at the top of its own area: the studio at its schools, a school at itself.
  if (level === 'panel') crumbs.push({ label: tr.pages.schools, to: '/schools' });
  if (place.school && level !== 'branch') crumbs.push({ label: place.school.name, to: `/branches/${place.school.id}` });
  if (place.branch) crumbs.push({ label: place.branch.name, to: `/students/${place.branch.id}` });
  return (
    <nav aria-label={tr.layout.breadcrumbs}>
      {/* A long school name cuts its own crumb short on a narrow screen; the trail wraps, never pushes the page sideways. */}
      <Trail separator="›" separatorMargin={6} style={{ flexWrap: 'wrap' }}>
        {crumbs.map((crumb) => (
          <Anchor key={crumb.to} component={Link} to={crumb.to} size="sm" truncate maw="100%">
            {crumb.label}
          </Anchor>
        ))}
        <Text size="sm" c="dimmed" aria-current="page">
          {place.page}
        </Text>
      </Trail>
    </nav>
  );
}
