/**
 * The signed-in member's own account in the GraphQL schema: `currentMember` to read it and
 * `updateCurrentMemberProfile` to change the names (the storefront's profile page). Passwords change
 * through `POST /_api/iam/authentication/v2/change-password` (spec §7), never here.
 */
export const memberTypeDefs = /* GraphQL */ `
extend type Query {
  """
  The signed-in member (a member's token, or a merchant's API key with a member's token). Null for
  anyone else: visitors, anonymous callers, a merchant alone.
  """
  currentMember: Member
}

type Mutation {
  """
  Changes the signed-in member's names: a text replaces the field, null or "" removes it, an absent
  field stays. Answers the member as now stored. UNAUTHENTICATED without credentials,
  PERMISSION_DENIED for a visitor or a merchant alone.
  """
  updateCurrentMemberProfile(input: MemberProfileInput!): Member!
}

input MemberProfileInput {
  "at most 100 characters; trimmed"
  firstName: String
  lastName: String
  nickname: String
}

type Member {
  id: ID!
  "the e-mail the member logs in with"
  loginEmail: String!
  loginEmailVerified: Boolean!
  "identity status: ACTIVE, PENDING, BLOCKED, ..."
  status: String!
  firstName: String
  lastName: String
  nickname: String
  "the whole identity profile as on the wire (emails, phones, addresses, custom fields, ...)"
  identityProfile: JSON!
  "ISO 8601"
  createdDate: String!
  "ISO 8601"
  updatedDate: String!
}
`;
