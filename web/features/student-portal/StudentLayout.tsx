/** The student pages' frame, phone first: a slim header, the page, and a tab bar at the bottom. */
import { Alert, Box, Group, Text, UnstyledButton } from '@mantine/core';
import { IconBell, IconBook, IconHome, IconMoodSmile, IconUser, IconUsers } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { NavLink, Outlet, redirect, useLocation } from 'react-router';
// The whole Mantine stylesheet, as the staff frame has it; not the staff frame's date pickers or
// dialogs (the one page that asks before deleting brings its own), so a student's phone loads less.
import '@mantine/core/styles.css';
import { digitalYearbook } from '../../../common/tr/digitalYearbook';
import { student } from '../../../common/tr/student';
import { PortalHeader } from '../../components/PortalHeader';
import { useDeadline } from './deadline';
import { loadStudent, studentExit, useStudentSession } from './session';

const p = student.portal;

/** Before any student page: the student's info, or back to its sign-in. */
async function requireStudent(): Promise<null> {
  if (useStudentSession.getState().user) return null;
  if (await loadStudent()) return null;
  throw redirect('/student/login');
}

const TABS = [
  { to: '/student', label: p.home, icon: IconHome, end: true },
  { to: '/student/classmates', label: p.classmates, icon: IconUsers },
  { to: '/student/nicknames', label: p.nicknames, icon: IconMoodSmile },
  { to: '/student/me', label: p.myPage, icon: IconUser },
  { to: '/student/yearbook', label: digitalYearbook.tab, icon: IconBook },
  { to: '/student/notifications', label: p.notifications, icon: IconBell },
];

function StudentLayout() {
  const user = useStudentSession((s) => s.user);
  const { open, line } = useDeadline();
  const { pathname } = useLocation();
  const entered = useRef(pathname);

  // Each page the student opens reads again whether writing is open: a lock or a passed deadline
  // shows before anything is typed, not when a save is refused.
  useEffect(() => {
    if (entered.current === pathname) return;
    entered.current = pathname;
    void loadStudent();
  }, [pathname]);

  return (
    <>
      <Box maw={560} mx="auto" mih="100vh" pb={72}>
        <PortalHeader name={user?.userInfo.name} place={user ? `${user.school.name} · ${user.branch.name}` : ''} signOutLabel={p.signOut} exit={studentExit} />
        {!open ? (
          <Alert color="orange" radius={0} role="status">
            {line}
          </Alert>
        ) : null}
        <Box component="main" p="md">
          <Outlet />
        </Box>
        <Group
          component="nav"
          aria-label={p.title}
          justify="space-around"
          wrap="nowrap"
          gap={0}
          pos="fixed"
          bottom={0}
          left={0}
          right={0}
          bg="white"
          py={6}
          style={{ borderTop: '1px solid var(--mantine-color-gray-3)', zIndex: 10 }}
        >
          {TABS.map(({ to, label, icon: Icon, end }) => (
            <UnstyledButton key={to} component={NavLink} to={to} end={end} className="student-tab" aria-label={label}>
              <Icon size={22} />
              <Text size="10px" lh={1.2}>
                {label}
              </Text>
            </UnstyledButton>
          ))}
        </Group>
      </Box>
    </>
  );
}

/** The /student route: the student pages' frame, behind a student's sign-in. */
export { StudentLayout as Component, requireStudent as loader };
