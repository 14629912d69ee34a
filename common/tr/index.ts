/**
 * Every Turkish text of the product, in one place. Each area keeps its own file here and is
 * added to `tr` below; screens and the server read from `tr`, never from scattered literals.
 */
import { albums } from './albums';
import { consent } from './consent';
import { core } from './core';
import { dashboard } from './dashboard';
import { faces } from './faces';
import { design } from './design';
import { digitalYearbook } from './digitalYearbook';
import { coverage, eventPages } from './eventPages';
import { frame } from './frame';
import { kvkk } from './kvkk';
import { messages } from './messages';
import { notifications } from './notifications';
import { organisation } from './organisation';
import { pages } from './pages';
import { parent } from './parent';
import { student } from './student';
import { students } from './students';
import { studio } from './studio';
import { yearbook } from './yearbook';

export const tr = {
  ...core,
  pages,
  ...frame,
  organisation,
  ...messages,
  students,
  notifications,
  studio,
  design,
  dashboard,
  yearbook,
  student,
  parent,
  kvkk,
  digitalYearbook,
  consent,
  faces,
  albums,
  eventPages,
  coverage,
} as const;
