// The identity sandbox's verification page script (providers/kyc/jumio/sandbox/page.ts serves the page): reads
// both images, posts them with the chosen outcome to the same address, shows the answer. Browser code, built
// at build time (build/server-bundle.ts) and type-checked with the DOM (this folder's tsconfig.json).

type Shown = 'error' | 'info' | 'done';
interface KycForm extends HTMLFormElement {
  elements: HTMLFormControlsCollection & {
    document: HTMLInputElement;
    selfie: HTMLInputElement;
    outcome: RadioNodeList;
  };
}

const body = document.body;
const form = document.getElementById('kyc-form') as KycForm;
const result = document.getElementById('result') as HTMLElement;
const button = document.getElementById('submit') as HTMLButtonElement;

function show(text: string, kind: Shown): void {
  result.textContent = text;
  result.dataset.kind = kind;
}

const read = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });

form.addEventListener('submit', (event) => {
  event.preventDefault();
  void submit();
});

async function submit(): Promise<void> {
  const documentFile = form.elements.document.files?.[0];
  const selfieFile = form.elements.selfie.files?.[0];
  if (!documentFile || !selfieFile) return show('Add a photo of your ID and a selfie.', 'error');
  button.disabled = true;
  show('Sending…', 'info');
  try {
    const payload = {
      secret: body.dataset.secret,
      outcome: form.elements.outcome.value,
      document: await read(documentFile),
      selfie: await read(selfieFile),
    };
    const response = await fetch(location.pathname, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payload),
    });
    const answer = (await response.json().catch(() => ({}))) as { message?: string; final?: boolean };
    if (!response.ok) {
      button.disabled = false;
      return show(answer.message || 'The check could not take these images.', 'error');
    }
    show(answer.message ?? '', 'done');
    if (answer.final) form.hidden = true;
    else button.disabled = false;
  } catch {
    button.disabled = false;
    show('The check could not be reached. Try again.', 'error');
  }
}
