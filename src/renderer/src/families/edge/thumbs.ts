/** Thumbnails of edge faces for the DOM (tray, drag ghost, palette), drawn once per face and size. */
import { createThumbnailCache } from '../../board/painter';
import { drawEdgeFace, drawMotifSwatch } from './faces';

export const edgeThumbs = createThumbnailCache(drawEdgeFace);
export const motifThumbs = createThumbnailCache(drawMotifSwatch, 512);
