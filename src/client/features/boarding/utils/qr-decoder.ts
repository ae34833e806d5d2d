// Reads QR codes from the camera's frames: the browser's own BarcodeDetector
// where it has one (Android's Chrome), otherwise ZXing compiled to WebAssembly,
// served by this site (never a CDN) and downloaded only when "Ler QR" opens.

export interface QrDecoder {
  decode(video: HTMLVideoElement): Promise<string[]>;
}

interface NativeDetector {
  detect(source: CanvasImageSource): Promise<{ rawValue: string }[]>;
}
interface NativeDetectorClass {
  new (opts: { formats: string[] }): NativeDetector;
  getSupportedFormats(): Promise<string[]>;
}

async function nativeDecoder(): Promise<QrDecoder | null> {
  const Detector = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (!Detector) return null;
  try {
    if (!(await Detector.getSupportedFormats()).includes("qr_code")) return null;
    const detector = new Detector({ formats: ["qr_code"] });
    return { decode: async (video) => (await detector.detect(video)).map((b) => b.rawValue) };
  } catch {
    return null;
  }
}

async function wasmDecoder(): Promise<QrDecoder> {
  const [{ prepareZXingModule, readBarcodes }, { default: wasmUrl }] = await Promise.all([
    import("zxing-wasm/reader"),
    import("zxing-wasm/reader/zxing_reader.wasm?url"),
  ]);
  await prepareZXingModule({
    overrides: { locateFile: (path: string, prefix: string) => (path.endsWith(".wasm") ? wasmUrl : prefix + path) },
    fireImmediately: true,
  });
  const canvas = document.createElement("canvas");
  const context = canvas.getContext("2d", { willReadFrequently: true });
  if (!context) throw new Error("canvas 2d indisponível");
  return {
    async decode(video) {
      const { videoWidth: w, videoHeight: h } = video;
      if (!w || !h) return [];
      canvas.width = w;
      canvas.height = h;
      context.drawImage(video, 0, 0, w, h);
      const found = await readBarcodes(context.getImageData(0, 0, w, h), {
        formats: ["QRCode"],
        maxNumberOfSymbols: 1,
        tryHarder: true,
      });
      return found.filter((r) => r.isValid).map((r) => r.text);
    },
  };
}

export async function createQrDecoder(): Promise<QrDecoder> {
  return (await nativeDecoder()) ?? wasmDecoder();
}
