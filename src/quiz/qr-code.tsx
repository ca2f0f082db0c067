/** The join QR code, drawn by the qrcode package into a data: URL (allowed by the page's CSP). */
import { useEffect, useState } from 'react';
import QRCode from 'qrcode';

export function QrCode({ text, alt, className }: { text: string; alt: string; className?: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toDataURL(text, { margin: 1, width: 640, errorCorrectionLevel: 'M', color: { dark: '#000000', light: '#ffffff' } })
      .then((url) => live && setSrc(url))
      .catch(() => live && setSrc(null));
    return () => {
      live = false;
    };
  }, [text]);
  return src ? <img className={className} src={src} alt={alt} data-testid="join-qr" data-text={text} /> : <div className={className} aria-hidden="true" />;
}
