/** The student's "Dijital Yıllık" page: the reader once the book is final, before that what it waits for. */
import { Alert } from '@mantine/core';
import { tr } from '../../../common/tr';
import { DigitalYearbookReader } from '../digital-yearbook/DigitalYearbookReader';
import { useDigitalYearbook } from './api';
import { PortalPage } from './PortalPage';

export function DigitalYearbookPage() {
  return (
    <PortalPage title={tr.digitalYearbook.title} query={useDigitalYearbook()}>
      {(book) => (book.state === 'ready' ? <DigitalYearbookReader book={book} /> : <Alert role="status">{book.message}</Alert>)}
    </PortalPage>
  );
}
