/** The menu of each level: the web app hides what a level cannot do (the server refuses it anyway). */
import { tr } from '../../common/tr';
import type { UserInfo } from '../session/store';

export interface NavItem {
  label: string;
  to: string;
}

export function navigationFor(info: UserInfo): NavItem[] {
  const p = tr.pages;
  const common = [
    { label: p.messageFrom, to: '/message-from' },
    { label: p.messageTo, to: '/message-to' },
    { label: p.nicknames, to: '/nickname-messages' },
    { label: p.notifications, to: '/notifies' },
  ];
  if (info.level === 'panel') {
    return [
      { label: p.home, to: '/' },
      { label: p.schools, to: '/schools' },
      ...common,
      { label: p.design, to: '/design' },
      { label: p.studio, to: '/studio' },
    ];
  }
  if (info.level === 'school' && info.school) {
    const id = info.school.id;
    return [
      { label: p.home, to: '/' },
      { label: p.branches, to: `/branches/${id}` },
      { label: p.schoolMessages, to: `/school-messages/${id}` },
      { label: p.messages, to: `/messages/school/${id}` },
      ...common,
      { label: p.design, to: '/design' },
    ];
  }
  const id = info.branch?.id ?? 0;
  return [
    { label: p.home, to: '/' },
    { label: p.students, to: `/students/${id}` },
    { label: p.branchMessages, to: `/branch-messages/${id}` },
    { label: p.messages, to: `/messages/branch/${id}` },
    ...common,
  ];
}
