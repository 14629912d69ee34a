/**
 * Signing in with a code instead of an account: the student's own access code, or its parent's
 * code (by school code and number); and the two portals' sign-in and sign-out calls.
 */
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { loginAnswers } from '../../../common/schemas/auth';
import { okResponse } from '../../../common/schemas/list';
import { tr } from '../../../common/tr';
import { reserveAttempt } from '../../auth/loginLimiter';
import { verifyPassword } from '../../auth/passwords';
import type { PortalCaller } from '../../auth/caller';
import { revokePortalSession, signInParent, signInStudent } from '../../auth/studentSessions';
import type { Config } from '../../config';
import { HttpError } from '../../core/errors';
import type { Db } from '../../db/client';
import { schools, students } from '../../db/schema';
import type { Api, routeDocs } from '../../http/types';
import { normaliseCode } from './accessCodes';

/** The active student with this school number in the school with this code (codes are stored upper case), with both code hashes. */
async function studentByCode(db: Db, schoolCode: string, schoolNumber: string) {
  const [row] = await db
    .select({ id: students.id, accessCodeHash: students.accessCodeHash, parentCodeHash: students.parentCodeHash })
    .from(students)
    .innerJoin(schools, eq(schools.id, students.schoolId))
    .where(and(eq(schools.code, schoolCode), eq(students.schoolNumber, schoolNumber), eq(students.status, 'active'), eq(schools.status, 'active')))
    .limit(1);
  return row;
}

type StudentCodes = NonNullable<Awaited<ReturnType<typeof studentByCode>>>;

/** What differs between the two holders: whose attempts are counted together, which hash the code is checked against, the refusal and the session. */
const holders = {
  student: { attempts: 'student', hashOf: (s: StudentCodes) => s.accessCodeHash, wrong: tr.student.wrongCredentials, open: signInStudent },
  parent: { attempts: 'veli', hashOf: (s: StudentCodes) => s.parentCodeHash, wrong: tr.parent.wrongCredentials, open: signInParent },
} as const;

interface CodeLogin {
  schoolCode: string;
  schoolNumber: string;
  code: string;
}

/** Checks a code sign-in and opens the holder's session; answers the token. */
async function signInWithCode(
  db: Db,
  config: Config,
  holder: keyof typeof holders,
  login: CodeLogin,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<string> {
  const { attempts, hashOf, wrong, open } = holders[holder];
  const schoolCode = login.schoolCode.toLocaleUpperCase('en');
  const { schoolNumber } = login;
  // Counted before the code is checked, like staff sign-ins, so parallel guesses count too; a
  // parent's attempts apart from the student's own.
  const attempt = await reserveAttempt(db, config, `${attempts}:${schoolCode}|${schoolNumber}`, request.ip, reply);
  const student = await studentByCode(db, schoolCode, schoolNumber);
  const ok = await verifyPassword(student ? hashOf(student) : null, normaliseCode(login.code));
  // One answer for an unknown school, number or a wrong code: nothing tells which.
  if (!student || !ok) throw new HttpError(400, wrong);
  await attempt.succeeded();
  return open(db, student.id, config.sessionTtlHours, { ip: request.ip, userAgent: request.headers['user-agent'] ?? '' });
}

type CodeLoginBody<Code extends string> = { schoolCode: string; schoolNumber: string } & Record<Code, string>;

/**
 * A code portal's POST /login (school code, school number and the holder's `code` field; answers
 * a token) and POST /logout (ends the caller's session), documented under the portal's tag.
 */
export function codeSessionRoutes<Code extends string>(
  app: Api,
  portal: {
    holder: keyof typeof holders;
    /** The portal's codeLoginBody: the school code and number and the `code` field. */
    body: z.ZodType<CodeLoginBody<Code>>;
    code: Code;
    docs: ReturnType<typeof routeDocs>;
    summaries: { login: string; logout: string };
    callerOf: (request: FastifyRequest) => PortalCaller;
  },
) {
  const { db, config } = app;
  const { holder, body, code, docs, summaries, callerOf } = portal;

  app.post('/login', docs(summaries.login, { body, response: loginAnswers }, 'public'), async (request, reply) => {
    // The schema has checked the body; the provider's type of a generic schema stays unresolved.
    const { schoolCode, schoolNumber, [code]: given } = request.body as CodeLoginBody<Code>;
    return { success: true as const, token: await signInWithCode(db, config, holder, { schoolCode, schoolNumber, code: given }, request, reply) };
  });

  app.post('/logout', docs(summaries.logout, { response: { 200: okResponse } }), async (request) => {
    await revokePortalSession(db, callerOf(request));
    return { success: true as const };
  });
}
