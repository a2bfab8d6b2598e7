import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { messages, type Website } from '@ocx/contracts';
import { useRef, useState } from 'react';
import { ApiError } from '../../api/client';
import { useSaveWebsite, useUpdateWebsite } from '../../api/mutations/use-website-mutations';
import { FORM_ERROR, showServerError } from '../../components/forms/server-error';
import { useLeaveGuard } from '../../components/forms/use-leave-guard';
import { exampleHost } from '../../components/websites/example-host';
import { useSelectedWebsite } from '../../components/websites/selected-website';
import { sameValue, shownErrors } from './draft-state';
import { confirmRestoreDefaults, defaultSettings, defaultsRecompute } from './restore-defaults';
import { draftBanner, draftErrors, draftFrom, draftToInput, type WebsiteDraft } from './website-draft';

/** The server names the script options `scriptConfig`; the draft `script`. */
const SERVER_FIELDS = { 'scriptConfig.crossDomains': 'script.crossDomains' };

/**
 * The configuration page's one draft: every setting edited on the page stays a draft until Save
 * sends it in one request; Reset discards it; Restore defaults saves the default attribution and
 * tracking options after asking.
 */
export function useConfigDraft(website: Website | null) {
  const host = exampleHost();
  const { select } = useSelectedWebsite();
  const saveTried = useRef(false);
  // A saved change of zone: the Time Zone section follows the rebuild of the daily figures.
  const [zoneSaved, setZoneSaved] = useState(false);

  const errorsToShow = (values: WebsiteDraft) => {
    const errors = shownErrors(draftErrors(values, host), values, form.getInitialValues(), saveTried.current);
    const banner = saveTried.current ? draftBanner(errors) : null;
    return banner ? { ...errors, [FORM_ERROR]: banner } : errors;
  };
  const form = useForm<WebsiteDraft>({
    initialValues: draftFrom(website),
    validate: (values) => draftErrors(values, host),
    // Every change recomputes what the fields say (below), so nothing is cleared behind its back.
    clearInputErrorOnChange: false,
    onValuesChange: (values) => form.setErrors(errorsToShow(values)),
  });

  /** After a save: what the server stored is the new saved draft. */
  const settle = (saved: WebsiteDraft) => {
    form.setInitialValues(saved);
    form.setValues(saved);
    form.clearErrors();
  };

  const save = useSaveWebsite(website, {
    onSuccess: (saved) => {
      saveTried.current = false;
      if (website && saved.timezone !== website.timezone) setZoneSaved(true);
      settle(draftFrom(saved));
      select(saved.id);
      notifications.show({ color: 'ocx', message: messages.config.saved });
    },
    onError: (err) => {
      const message = saveFailure(err, website);
      showServerError(form, err, message, SERVER_FIELDS);
      if (!(err instanceof ApiError && err.status === 401)) notifications.show({ color: 'red', message });
    },
  });

  const submit = () => {
    saveTried.current = true;
    const { hasErrors, errors } = form.validate();
    if (hasErrors) {
      const message = draftBanner(errors) ?? messages.common.unexpected;
      // One update: setFieldError right after validate would compare with the errors before it.
      form.setErrors({ ...errors, [FORM_ERROR]: message });
      notifications.show({ color: 'red', message });
      focusFirstInvalid();
      return;
    }
    save.mutate(draftToInput(form.getValues()));
  };

  /** Back to what is saved; nothing is sent. */
  const reset = () => {
    saveTried.current = false;
    form.reset();
  };

  const restore = useUpdateWebsite(website?.id ?? '', {
    onSuccess: (saved) => {
      const { attribution, script } = draftFrom(saved);
      // Only the restored settings become saved; other unsaved edits stay edits.
      form.setInitialValues({ ...form.getInitialValues(), attribution, script });
      form.setValues({ attribution, script });
      notifications.show({ color: 'ocx', message: messages.config.resetDone });
    },
    onError: () => notifications.show({ color: 'red', message: messages.config.resetFailed }),
  });
  const restoreDefaults = () => {
    if (!website) return;
    const { attribution, script } = defaultSettings();
    const saved = form.getInitialValues();
    const others = { ...form.getValues(), attribution: saved.attribution, script: saved.script };
    confirmRestoreDefaults({
      recomputes: defaultsRecompute(website),
      otherUnsaved: !sameValue(others, saved),
      onConfirm: () => restore.mutate({ attribution, scriptConfig: script }),
    });
  };

  const unsaved = !sameValue(form.values, form.getInitialValues());
  useLeaveGuard(unsaved, {
    title: 'Leave without saving?',
    text: "Your changes to this website's configuration are not saved yet. Leave the page and lose them?",
  });

  return {
    form,
    submit,
    reset,
    restoreDefaults,
    unsaved,
    saving: save.isPending,
    restoring: restore.isPending,
    zoneSaved,
  };
}

/** The first marked field, once React has drawn the marks, so a keyboard user lands where to fix. */
function focusFirstInvalid() {
  requestAnimationFrame(() => {
    const field = document.querySelector<HTMLElement>('main [aria-invalid="true"]');
    field?.focus();
  });
}

/** A failed save in the spec's words. */
function saveFailure(err: Error, website: Website | null): string {
  if (err instanceof ApiError && err.status === 401) return messages.auth.notSignedIn;
  if (err instanceof ApiError && err.status === 400) return err.message;
  return website ? messages.config.updateFailed : messages.config.createFailed;
}
