/** The menu of each level: the web app hides what a level cannot do (the server refuses it anyway). */
import { tr } from '../../common/tr';
import type { UserInfo } from '../session/store';
import { nestedRoute } from './place';

export interface NavItem {
  label: string;
  to: string;
}

/**
 * Home first; then the level's own area (the studio's schools, a school's branches, a branch's
 * students) with its staff and student messages; then the message lists and notifications every
 * level has; last the yearbook design (not for a branch) and the studio profile (the studio only).
 */
export function navigationFor(info: UserInfo): NavItem[] {
  const p = tr.pages;
  const level = info.level;
  let own: NavItem[];
  if (level === 'panel') own = [{ label: p.schools, to: '/schools' }];
  else if (level === 'school' && info.school) {
    const id = info.school.id;
    own = [
      { label: p.branches, to: `/branches/${id}` },
      { label: p.schoolMessages, to: `/school-messages/${id}` },
      { label: p.messages, to: `/messages/school/${id}` },
      { label: p.albums, to: `/school-albums/${id}` },
    ];
  } else {
    const id = info.branch?.id ?? 0;
    own = [
      { label: p.students, to: `/students/${id}` },
      { label: p.branchMessages, to: `/branch-messages/${id}` },
      { label: p.messages, to: `/messages/branch/${id}` },
      { label: p.albums, to: `/branch-albums/${id}` },
    ];
  }
  return [
    { label: p.home, to: '/' },
    ...own,
    { label: p.messageFrom, to: '/message-from' },
    { label: p.messageTo, to: '/message-to' },
    { label: p.nicknames, to: '/nickname-messages' },
    { label: p.notifications, to: '/notifies' },
    ...(level === 'branch' ? [] : [{ label: p.design, to: '/design' }]),
    { label: tr.eventPages.title, to: '/event-pages' },
    ...(level === 'branch' ? [] : [{ label: tr.yearbook.title, to: '/yearbook' }]),
    ...(level === 'panel' ? [{ label: p.studio, to: '/studio' }] : []),
  ];
}

/**
 * The menu item of the section a path is in: the item whose page it is or lies under; a screen
 * inside a school or a branch (a school's branches, a branch's students) counts as the level's
 * own area, the item after Home.
 */
export function activeItem(items: NavItem[], pathname: string): string | null {
  const own = items
    .filter((item) => (item.to === '/' ? pathname === '/' : pathname === item.to || pathname.startsWith(`${item.to}/`)))
    .sort((a, b) => b.to.length - a.to.length)[0];
  if (own) return own.to;
  return nestedRoute(pathname) ? (items[1]?.to ?? null) : null;
}
