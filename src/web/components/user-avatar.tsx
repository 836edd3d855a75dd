import { Avatar, AvatarFallback, AvatarImage } from './ui/avatar';

type AvatarPerson = {
  username: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
};

/** "Dana Reyes", or the username for an account without names (the first admin). */
export function personName(person: Pick<AvatarPerson, 'username' | 'firstName' | 'lastName'>): string {
  return [person.firstName, person.lastName].filter(Boolean).join(' ') || person.username;
}

export function personInitials(person: Pick<AvatarPerson, 'username' | 'firstName' | 'lastName'>): string {
  const letters = [person.firstName, person.lastName]
    .filter((part): part is string => Boolean(part))
    .map((part) => part[0]);
  return (letters.length > 0 ? letters.join('') : person.username.slice(0, 2)).toUpperCase();
}

/** A person's photo, or their initials while it loads or when they have none. `src` overrides the photo. */
export function UserAvatar({
  person,
  src,
  className,
}: {
  person: AvatarPerson;
  src?: string | null;
  className?: string;
}) {
  const image = src ?? person.profileImageUrl;
  return (
    <Avatar className={className}>
      {image && <AvatarImage src={image} alt="" />}
      <AvatarFallback className="bg-primary/10 text-primary text-xs font-semibold">
        {personInitials(person)}
      </AvatarFallback>
    </Avatar>
  );
}
