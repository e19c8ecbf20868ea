import { subscribeWaitingPhotos, waitingPhotos } from './offline-photos.ts';
import { startOutbox } from './outbox.ts';

let senderStarted = false;
/** Starts the photo sender once a photo waits (one function, so subscribing it again adds nothing). */
function startSender() {
  if (senderStarted || waitingPhotos().length === 0) return;
  senderStarted = true;
  import('./photo-sender.ts').then(
    (m) => m.startPhotoSender(),
    () => {
      senderStarted = false; // not here yet (no signal, not stored): the next change tries again
    },
  );
}

/**
 * While any photo waits, its sender runs on this page, whichever worker page it is (its code is
 * fetched only then): docs/product.md "Working without signal".
 */
export function sendPhotosWhileWaiting() {
  subscribeWaitingPhotos(startSender);
  startSender();
}

/**
 * Starts what a worker page sends in the background: the outbox, and the photo sender while photos
 * wait. Started here, not by the outbox or the photo store, so that neither imports the photo sender,
 * which queues completions in the outbox and reads the store.
 */
export function startOfflineWork() {
  startOutbox();
  sendPhotosWhileWaiting();
}
