import { CameraIcon } from 'lucide-react'
import { useRef } from 'react'
import { toast } from 'sonner'
import { PROFILE_MESSAGES } from '#common/messages'
import { Avatar, AvatarFallback, AvatarImage } from '#web/components/ui/avatar'
import { Button } from '#web/components/ui/button'
import { Spinner } from '#web/components/ui/spinner'
import { ApiError } from '#web/lib/api-client'
import type { SessionUser } from '#web/lib/auth-client'
import { getInitials } from '#web/lib/user-display'
import { useUploadAvatar } from '../api/upload-avatar'
import { checkAvatarFile } from '../lib/avatar-file'

/** The avatar with a change button: JPEG, PNG or GIF up to 2 MB (001 §5). */
export function AvatarCard({ user }: { user: SessionUser }) {
  const input = useRef<HTMLInputElement>(null)
  const upload = useUploadAvatar()

  function choose(file: File | undefined) {
    if (!file) return
    const check = checkAvatarFile(file)
    if (!check.ok) {
      toast.error(check.title, { description: check.description })
      return
    }
    upload.mutate(file, {
      onSuccess: () => toast.success(PROFILE_MESSAGES.avatarUpdated),
      onError: (error) => {
        const known = error instanceof ApiError && (error.status === 413 || error.status === 415)
        toast.error(known && error.status === 413 ? PROFILE_MESSAGES.avatarTooLargeTitle : known ? PROFILE_MESSAGES.avatarInvalidTypeTitle : 'Error', {
          description: known ? error.message : PROFILE_MESSAGES.avatarFailed,
        })
      },
    })
  }

  return (
    <div className="flex flex-wrap items-center gap-4">
      <Avatar className="size-20">
        {user.image && <AvatarImage src={user.image} alt="Your avatar" data-testid="profile-avatar" />}
        <AvatarFallback className="bg-primary/10 text-xl text-primary">{getInitials(user)}</AvatarFallback>
      </Avatar>
      <div className="grid gap-1">
        <Button type="button" variant="outline" onClick={() => input.current?.click()} disabled={upload.isPending}>
          {upload.isPending ? <Spinner /> : <CameraIcon aria-hidden="true" />}
          Change avatar
        </Button>
        <p className="text-xs text-muted-foreground">JPG, PNG or GIF, at most 2 MB.</p>
        <input
          ref={input}
          type="file"
          accept="image/jpeg,image/png,image/gif,.jpg,.jpeg,.png,.gif"
          className="sr-only"
          tabIndex={-1}
          aria-label="Avatar image"
          data-testid="avatar-input"
          onChange={(event) => {
            choose(event.target.files?.[0])
            event.target.value = ''
          }}
        />
      </div>
    </div>
  )
}
