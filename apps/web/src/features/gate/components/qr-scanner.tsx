/**
 * Reads a QR code with the camera, or from a photo: the browser's BarcodeDetector where it has one, else the
 * `qr` library's decoder, loaded only when first needed (decision 034).
 */
import { Camera, CameraOff, ImageUp } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button, buttonClass } from '../../../components/ui/button';

interface Detector {
  detect(source: CanvasImageSource | ImageBitmap): Promise<{ rawValue: string }[]>;
}
type DetectorClass = { new (opts: { formats: string[] }): Detector; getSupportedFormats(): Promise<string[]> };

let nativeDetector: Promise<Detector | null> | null = null;
/** The browser's QR detector, or null where it has none (Chromium on Linux and Windows, Firefox, Safari before 17). */
function browserDetector(): Promise<Detector | null> {
  nativeDetector ??= (async () => {
    const D = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
    if (!D) return null;
    try {
      return (await D.getSupportedFormats()).includes('qr_code') ? new D({ formats: ['qr_code'] }) : null;
    } catch {
      return null;
    }
  })();
  return nativeDetector;
}

const canvas = () => document.createElement('canvas');

/** The text of the QR code in an image or a video frame, or null when there is none to read. */
export async function readQr(source: HTMLVideoElement | ImageBitmap): Promise<string | null> {
  const detector = await browserDetector();
  if (detector) {
    const found = await detector.detect(source).catch(() => []);
    return found[0]?.rawValue ?? null;
  }
  const width = source instanceof HTMLVideoElement ? source.videoWidth : source.width;
  const height = source instanceof HTMLVideoElement ? source.videoHeight : source.height;
  if (!width || !height) return null;
  // large photos are scaled down: the decoder needs a few pixels a module, not a phone camera's 12 megapixels
  const scale = Math.min(1, 1200 / Math.max(width, height));
  const c = canvas();
  c.width = Math.round(width * scale);
  c.height = Math.round(height * scale);
  const g = c.getContext('2d', { willReadFrequently: true });
  if (!g) return null;
  g.drawImage(source, 0, 0, c.width, c.height);
  const { default: decodeQR } = await import('qr/decode.js');
  try {
    return decodeQR(g.getImageData(0, 0, c.width, c.height));
  } catch {
    return null;
  }
}

export function QrScanner({ onRead }: { onRead: (text: string) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const fileId = useId();

  const stop = () => {
    stream?.getTracks().forEach((t) => t.stop());
    setStream(null);
  };

  const start = async () => {
    setProblem(null);
    try {
      const s = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
      setStream(s);
    } catch {
      setProblem('The camera could not be opened. Allow the camera for this site, or scan a photo or type the code instead.');
    }
  };

  // while the camera runs: show it, and look for a code a few times a second (a subscription to the stream, not data fetching)
  useEffect(() => {
    const v = video.current;
    if (!stream || !v) return;
    v.srcObject = stream;
    void v.play().catch(() => undefined);
    let busy = false;
    const timer = window.setInterval(async () => {
      if (busy || v.readyState < 2) return;
      busy = true;
      const text = await readQr(v);
      busy = false;
      if (text) {
        stream.getTracks().forEach((t) => t.stop());
        setStream(null);
        onRead(text);
      }
    }, 250);
    return () => window.clearInterval(timer);
  }, [stream, onRead]);

  // the tracks stop when the screen closes
  useEffect(() => () => stream?.getTracks().forEach((t) => t.stop()), [stream]);

  const fromPhoto = async (file: File | undefined) => {
    if (!file) return;
    setProblem(null);
    try {
      const text = await readQr(await createImageBitmap(file));
      if (text) onRead(text);
      else setProblem('No QR code was found in that photo. Try again closer, with the whole code in the picture.');
    } catch {
      setProblem('That file could not be read as a photo.');
    }
  };

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap gap-2">
        {stream ? (
          <Button variant="secondary" onClick={stop}>
            <CameraOff aria-hidden="true" className="size-4" /> Stop the camera
          </Button>
        ) : (
          <Button onClick={() => void start()}>
            <Camera aria-hidden="true" className="size-4" /> Scan with the camera
          </Button>
        )}
        <label htmlFor={fileId} className={buttonClass('secondary', 'cursor-pointer focus-within:ring-2 focus-within:ring-brand-600')}>
          <ImageUp aria-hidden="true" className="size-4" /> Scan a photo
          <input id={fileId} type="file" accept="image/*" capture="environment" className="sr-only" onChange={(e) => void fromPhoto(e.target.files?.[0])} />
        </label>
      </div>
      {stream && (
        <video ref={video} muted playsInline aria-label="Camera view: hold the pass's QR code in the frame" className="aspect-video w-full rounded-xl bg-slate-900 object-cover" />
      )}
      {problem && (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      )}
    </div>
  );
}
