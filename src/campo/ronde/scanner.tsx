/**
 * The camera view that reads a QR code (issue 34): the rear camera, a frame every 250 ms through
 * the decoder of ./lettori.ts; the first code read closes it. Without a camera or its permission,
 * the guard types the code (flagged to the office, never refused).
 */
import { Box, Button, Text } from "@chakra-ui/react";
import { useEffect, useRef, useState } from "react";
import { creaDecodificatore } from "./lettori";

export function ScannerQr({ onCodice, onChiudi }: { onCodice: (codice: string) => void; onChiudi: () => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [errore, setErrore] = useState<string | null>(null);
  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let finito = false;
    (async () => {
      try {
        const decodifica = await creaDecodificatore();
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false });
        if (finito || !video.current) return;
        video.current.srcObject = stream;
        await video.current.play().catch(() => {});
        const giro = async () => {
          if (finito || !video.current) return;
          const codice = await decodifica(video.current);
          if (codice && !finito) {
            finito = true;
            onCodice(codice);
            return;
          }
          timer = setTimeout(giro, 250);
        };
        giro();
      } catch (e) {
        setErrore(
          (e as Error).name === "NotAllowedError"
            ? "Permesso della fotocamera negato: digitare il codice"
            : "Fotocamera non disponibile: digitare il codice",
        );
      }
    })();
    return () => {
      finito = true;
      clearTimeout(timer);
      for (const t of stream?.getTracks() ?? []) t.stop();
    };
  }, [onCodice]);
  return (
    <Box borderWidth="1px" rounded="md" p="2" mt="2">
      {errore ? (
        <Text role="alert" color="red.700">
          {errore}
        </Text>
      ) : (
        <>
          <Text fontSize="sm">Inquadrare il codice QR del punto</Text>
          <video ref={video} muted playsInline style={{ width: "100%", maxHeight: "50vh", objectFit: "cover" }} />
        </>
      )}
      <Button mt="2" w="full" variant="outline" onClick={onChiudi}>
        Chiudi
      </Button>
    </Box>
  );
}
