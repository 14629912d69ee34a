/** Photos the upload tests send: a plain JPEG, and one whose EXIF holds a camera's name and a GPS position. */
import sharp from 'sharp';

export const jpeg = (width = 320, height = 240, color = '#3366aa') =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .jpeg()
    .toBuffer();

export const withGps = () =>
  sharp({ create: { width: 320, height: 240, channels: 3, background: '#aa6633' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'KonumluKamera' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '39/1 55/1 12/1', GPSLongitudeRef: 'E', GPSLongitude: '32/1 51/1 0/1' },
    })
    .toBuffer();
