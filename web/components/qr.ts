/** A QR code of a text (a sign-in or upload address) as an image address, drawn in the browser. */
import qrcode from 'qrcode-generator';

export function qrDataUrl(text: string): string {
  const qr = qrcode(0, 'M');
  qr.addData(text);
  qr.make();
  return qr.createDataURL(4, 0);
}
