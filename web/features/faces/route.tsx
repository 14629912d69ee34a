import { useParams } from 'react-router';
import { FaceReviewPage } from './FaceReviewPage';

export function Component() {
  const albumId = Number(useParams().id);
  return <FaceReviewPage key={albumId} albumId={albumId} />;
}
